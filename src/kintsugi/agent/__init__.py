"""The per-node supervisor (``kintsugi run``) on torch.distributed.elastic."""
