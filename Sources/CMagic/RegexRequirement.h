// What a match of a regular expression must contain, read from its pattern
// (RegexPrefilter.c): shared with the libmagic index (MagicIndex.c), which keeps the
// requirements of the text rules' patterns so that a sniff need not read them again.
#ifndef CMAGIC_REGEX_REQUIREMENT_H
#define CMAGIC_REGEX_REQUIREMENT_H

#include <stddef.h>

enum {
  max_clauses = 4,       // required facts kept per pattern; more are dropped (still sound)
  max_alternatives = 8,  // strings in one "one of these" fact
  max_literal = 16,      // a required string's prefix is required too, so longer ones are cut
};

// One required fact: at least one of the strings occurs in the subject.
struct regex_clause {
  int count;
  unsigned char length[max_alternatives];
  char text[max_alternatives][max_literal];
};

struct regex_requirement {
  int count;
  struct regex_clause clauses[max_clauses];
};

// 1 and the requirement of `pattern` compiled with `cflags` when the whole pattern was
// read (a form glibc rejects is not) and a match must contain some string; else 0.
int cmagic_regex_requirement(const char *pattern, int cflags, struct regex_requirement *requirement);

// Whether `subject` may hold a match: every clause has a string in it. Counts and lengths
// out of their bounds (a damaged copy) answer 1.
int cmagic_regex_requirement_met(const struct regex_requirement *requirement, const unsigned char *subject, size_t length,
                                 int ignore_case);

#endif
