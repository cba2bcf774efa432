"""The dashboard (``kintsugi dash``), ``/metrics``, and the self-contained HTML run report."""
