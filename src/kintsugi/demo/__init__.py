"""``kintsugi demo``: a real job on two simulated nodes, under injected faults."""
