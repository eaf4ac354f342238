"""The doctor's charts are drawn by the renderer all HTML pages share (`unjam/charts.py`,
below the verbs: load draws with it too and may not import the doctor)."""

from unjam.charts import Chart, Reference, Series, nice_ticks, render

__all__ = ["Chart", "Reference", "Series", "nice_ticks", "render"]
