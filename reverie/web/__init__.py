"""Server-rendered HTML of the dashboard: small pure functions from data to escaped HTML.

Every value that comes from events (note text, ids, reasons) goes through
:func:`reverie.web.html.e`; the views in :mod:`reverie.streams.dashboard` load the
data and set the cookie and security headers.
"""
