#!/bin/sh
# the matching service runs beside the web app
exec python matcher.py
