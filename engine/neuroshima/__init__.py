"""Neuroshima Hex! 3.0: the Pirates army against Moloch (issue 6)."""

from .game import NeuroshimaHex

GAME = NeuroshimaHex()

__all__ = ["GAME", "NeuroshimaHex"]
