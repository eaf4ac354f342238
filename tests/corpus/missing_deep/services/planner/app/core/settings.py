TITLE = "Irrigation planner"
