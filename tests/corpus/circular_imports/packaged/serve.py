from chores import create_app

app = create_app()
