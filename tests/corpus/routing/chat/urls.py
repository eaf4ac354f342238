"""Route paths kept as module constants, as a URL registry does."""

EXPORTS_LIST = "/exports"
EXPORT_DETAIL = EXPORTS_LIST + "/{export_id}"
