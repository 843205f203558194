"""The HTTP service: ``create_app()`` builds the Flask app; ``api.serve.serve()`` runs it under gunicorn.

``create_app`` is imported on first use (PEP 562), so importing ``api.webstack`` or running
``python -m api.serve`` without the web stack installed can still say how to install it.
"""

__all__ = ["create_app"]


def __getattr__(name):
    if name == "create_app":
        from .app import create_app
        return create_app
    raise AttributeError(f"module 'api' has no attribute {name!r}")
