"""Builds and points at the stand-ins for hardware this machine lacks (a GPU, DCGM).

They are stand-ins, not the real thing: ``fake_nvml.c`` exports NVML's C symbols for the
real nvidia-ml-py bindings to load, and ``dcgmi`` prints DCGM's documented JSON.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
DCGMI = HERE / "dcgmi"


def build_fake_nvml(out_dir: Path) -> Path:
    """Compiles the stand-in ``libnvidia-ml.so.1`` into ``out_dir``; skips without a compiler."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler to build the stand-in libnvidia-ml.so.1")
    lib = out_dir / "libnvidia-ml.so.1"
    subprocess.run(
        [
            cc,
            "-shared",
            "-fPIC",
            "-O1",
            "-Wl,-soname,libnvidia-ml.so.1",
            "-o",
            str(lib),
            str(HERE / "fake_nvml.c"),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return lib


class FakeGpus:
    """The stand-in library's state file: write keys to inject heat, throttling, faults."""

    def __init__(self, lib: Path, state: Path) -> None:
        self.lib = lib
        self.state = state
        self.values: dict[str, int] = {"gpus": 2}
        self._flush()

    def set(self, **values: int) -> None:
        """``set(temp_1=91)`` writes ``temp.1 91`` (a trailing ``_N`` is the GPU index)."""
        for k, v in values.items():
            base, _, idx = k.rpartition("_")
            self.values[f"{base}.{idx}" if idx.isdigit() else k] = v
        self._flush()

    def xid(self, gpu: int, xid: int) -> None:
        """Posts one XID event for ``gpu`` (delivered once through nvmlEventSetWait_v2)."""
        with open(f"{self.state}.xid", "a") as f:
            f.write(f"{gpu} {xid}\n")

    def env(self) -> dict[str, str]:
        return {"KINTSUGI_NVML_LIBRARY": str(self.lib), "KINTSUGI_FAKE_NVML_STATE": str(self.state)}

    def _flush(self) -> None:
        tmp = self.state.with_suffix(".tmp")
        tmp.write_text("".join(f"{k} {v}\n" for k, v in self.values.items()))
        tmp.replace(self.state)  # Atomic: the library re-reads it on every call.


@pytest.fixture(scope="session")
def nvml_lib(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The stand-in ``libnvidia-ml.so.1``, built once per session."""
    return build_fake_nvml(tmp_path_factory.mktemp("fake-nvml"))


@pytest.fixture
def fake_gpus(
    nvml_lib: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[FakeGpus]:
    """Two stand-in GPUs, visible to this process and to subprocesses through the env."""
    from kintsugi.telemetry import nvml

    gpus = FakeGpus(nvml_lib, tmp_path / "nvml-state")
    for k, v in gpus.env().items():
        monkeypatch.setenv(k, v)
    nvml.reset_for_tests()
    yield gpus
    nvml.reset_for_tests()
