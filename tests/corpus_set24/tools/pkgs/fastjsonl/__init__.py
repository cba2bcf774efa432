"""fastjsonl: JSON-lines reader with a small C checksum accelerator."""
import ctypes, os, zlib
_here = os.path.dirname(__file__)
_lib = ctypes.CDLL(os.path.join(_here, "libfastjsonl.so"))
_lib.fj_crc.restype = ctypes.c_uint32
_lib.fj_crc.argtypes = [ctypes.c_char_p, ctypes.c_size_t]
__version__ = "0.4.2"


class Reader:
    def __init__(self, path):
        self.path = path
        self.lines = open(path, "rb").read().splitlines() if os.path.exists(path) else [b"{}"]

    def checksum(self, i):
        b = self.lines[i % len(self.lines)]
        return _lib.fj_crc(b, len(b))
