"""The HTTP service: ``create_app()`` builds the Flask app; ``api.serve.serve()`` runs it under gunicorn."""
from .app import create_app

__all__ = ["create_app"]
