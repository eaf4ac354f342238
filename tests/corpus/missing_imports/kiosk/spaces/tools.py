HAMMER = "hammer"
