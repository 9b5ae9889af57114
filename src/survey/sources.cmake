target_sources(grundy PRIVATE
  src/survey/files.c
  src/survey/published.c
  src/survey/survey.c)
