"""The one jinja2 environment for mail templates (templates/: judge.resources).

Plain text: no autoescaping; trailing newlines kept so a template's last line
ends the mail; block tags leave no stray blank lines behind.
"""

from __future__ import annotations

import functools

import jinja2

from judge.resources import resource_dir

TEMPLATES_DIR = resource_dir("templates")


@functools.cache
def template_env() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES_DIR),
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
        undefined=jinja2.StrictUndefined,  # a missing value is a bug, not a blank
        auto_reload=False,  # installed files: no stat() of each template per mail
    )


def render(template: str, **context: object) -> str:
    return template_env().get_template(template).render(**context)
