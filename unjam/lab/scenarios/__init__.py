"""One module per scenario: `run(options, say) -> ScenarioResult` and `tables(result)`."""
