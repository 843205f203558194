"""``{openapi-reference}``: the HTTP reference rendered from the OpenAPI document the service serves.

The document is ``api.create_app()``'s own ``GET /openapi.json`` (flask-openapi3 builds it from the
pydantic request models of ``api/schemas.py``), fetched through Flask's test client at build time, so the
reference cannot drift from the service: a new endpoint, member or bound appears in the next build.
"""
from __future__ import annotations

import json

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

METHODS = ("get", "post", "put", "delete", "patch")


def openapi_document() -> dict:
    """The service's OpenAPI document as a dict (``GET /openapi.json`` of a fresh app)."""
    from api import create_app

    answer = create_app({"TESTING": True}).test_client().get("/openapi.json")
    if answer.status_code != 200:
        raise RuntimeError(f"GET /openapi.json answered {answer.status_code}")
    return answer.get_json()


def _resolve(doc: dict, schema: dict) -> dict:
    while "$ref" in schema:
        path = schema["$ref"].lstrip("#/").split("/")
        target = doc
        for part in path:
            target = target[part]
        schema = target
    return schema


def _type_text(doc: dict, schema: dict) -> str:
    schema = dict(schema)
    if "$ref" in schema:
        return "``" + schema["$ref"].rsplit("/", 1)[-1] + "``"
    if "anyOf" in schema or "oneOf" in schema:
        return " or ".join(_type_text(doc, s) for s in schema.get("anyOf", schema.get("oneOf")))
    if schema.get("type") == "array":
        return "array of " + _type_text(doc, schema.get("items", {}))
    if "enum" in schema:
        return "one of " + ", ".join(f"``{json.dumps(v)}``" for v in schema["enum"])
    if "const" in schema:
        return f"``{json.dumps(schema['const'])}``"
    text = schema.get("type", "any")
    bounds = [f"{k} {schema[k]}" for k in ("minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems")
              if k in schema]
    return text + (f" ({', '.join(bounds)})" if bounds else "")


def _one_line(text: str | None) -> str:
    return " ".join((text or "").replace("<br/>", " ").split())


def _schema_rows(doc: dict, schema: dict) -> list[str]:
    schema = _resolve(doc, schema)
    props = schema.get("properties", {})
    if not props:
        return [f"Body: {_type_text(doc, schema)}", ""]
    required = set(schema.get("required", []))
    lines = [".. list-table::", "   :header-rows: 1", "   :widths: 20 25 10 45", "",
             "   * - member", "     - type", "     - required", "     - meaning"]
    for name, prop in props.items():
        default = f" Default ``{json.dumps(prop['default'])}``." if "default" in prop else ""
        lines += [f"   * - ``{name}``", f"     - {_type_text(doc, prop)}", f"     - {'yes' if name in required else 'no'}",
                  f"     - {_one_line(prop.get('description') or prop.get('title'))}{default}"]
    return lines + [""]


def reference_rst(doc: dict) -> list[str]:
    """The document as reStructuredText lines: a section per operation, then one per named schema."""
    lines = [f"OpenAPI {doc.get('openapi', '')}: *{doc['info'].get('title', '')}*, version "
             f"{doc['info'].get('version', '')}.", ""]
    for path, item in doc["paths"].items():
        for method in METHODS:
            if method not in item:
                continue
            op = item[method]
            title = f"{method.upper()} {path}"
            lines += [title, "-" * len(title), ""]
            if op.get("summary"):
                lines += [_one_line(op["summary"]), ""]
            if op.get("description"):
                lines += [_one_line(op["description"]), ""]
            body = op.get("requestBody", {}).get("content", {})
            for media, content in body.items():
                lines += [f"Request body (``{media}``):", ""] + _schema_rows(doc, content.get("schema", {}))
            answers = op.get("responses", {})
            if answers:
                lines += ["Answers:", ""]
                for status, answer in answers.items():
                    media = ", ".join(f"``{m}``" for m in answer.get("content", {})) or "no body"
                    lines.append(f"* **{status}** ({media}): {_one_line(answer.get('description'))}")
                lines.append("")
    schemas = doc.get("components", {}).get("schemas", {})
    if schemas:
        lines += ["Schemas", "-------", ""]
        for name, schema in schemas.items():
            lines += [f"``{name}``", "~" * (len(name) + 4), ""]
            if schema.get("description"):
                lines += [_one_line(schema["description"]), ""]
            lines += _schema_rows(doc, schema)
    return lines


class OpenAPIReference(SphinxDirective):
    has_content = False

    def run(self):
        container = nodes.section()
        container.document = self.state.document
        nested_parse_with_titles(self.state, StringList(reference_rst(openapi_document()), source="openapi.json"),
                                 container)
        return container.children


def setup(app):
    app.add_directive("openapi-reference", OpenAPIReference)
    return {"version": "1", "parallel_read_safe": True}
