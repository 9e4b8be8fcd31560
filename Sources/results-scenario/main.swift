print("results-scenario: coming soon")
