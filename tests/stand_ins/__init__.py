"""Stand-ins for hardware and tools this machine lacks (a GPU's NVML, DCGM's dcgmi)."""
