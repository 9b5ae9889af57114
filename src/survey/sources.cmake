target_sources(grundy PRIVATE
  src/survey/published.c
  src/survey/survey.c)
