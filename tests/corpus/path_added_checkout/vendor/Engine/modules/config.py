default_steps = 30
