"""The standard game: the base every variant extends (judge.variants.base)."""

from judge.variants.base import Variant

VARIANT = Variant()
