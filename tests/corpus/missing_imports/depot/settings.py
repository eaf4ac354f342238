# expect: unparsed (the file to fix: it defines no `Settings`, which depot/routes.py imports)
WAREHOUSE = "north"
