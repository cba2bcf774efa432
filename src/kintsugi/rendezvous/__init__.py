"""A home for the c10d rendezvous store that no training node's death takes down."""

from kintsugi.rendezvous.server import RendezvousServer

__all__ = ["RendezvousServer"]
