def scratch_dir() -> str:
    return "/tmp/resumes"
