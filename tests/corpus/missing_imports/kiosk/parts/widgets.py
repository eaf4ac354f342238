BUTTON = "button"
