// libmagic 5.44 compiles every regular expression of its text rules each time it
// classifies text: about 70 compilations and 10 M instructions for a short line, most
// of them spent on a few patterns with bounded repetition (`[ \t]{0,50}\.text`), which
// glibc expands into large automata. Yet a pattern whose match must contain a literal
// string can only match a subject that contains it. The static link routes libmagic's
// regcomp, regexec and regfree here (ld --wrap): compiling is put off until the first
// regexec, and skipped when a required string is missing from the subject. Whatever
// could match is still compiled and run by glibc, so libmagic's answers do not change;
// a pattern this reader does not fully understand is compiled at once, as before.
//
// With the index in use, a sniffed pb copy of a 19-byte text runs 130,000 fewer
// instructions with the shortcut than without (1.50 M against 1.64 M, 8%; its time within
// the noise of a loaded machine). Only with libmagic 5.44 (cmagic_shortcuts_available);
// with another, regcomp and regexec go straight to glibc.

#define _GNU_SOURCE  // memmem
#include "CMagic.h"
#include "RegexRequirement.h"

#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

int __real_regcomp(regex_t *preg, const char *pattern, int cflags);
int __real_regexec(const regex_t *preg, const char *string, size_t nmatch, regmatch_t pmatch[], int eflags);
void __real_regfree(regex_t *preg);
int __wrap_regcomp(regex_t *preg, const char *pattern, int cflags);
int __wrap_regexec(const regex_t *preg, const char *string, size_t nmatch, regmatch_t pmatch[], int eflags);
void __wrap_regfree(regex_t *preg);

enum {
  max_depth = 16,        // parenthesis nesting this reader follows
  max_repeat = 0x7fff,   // glibc's RE_DUP_MAX: a larger bound is an error it reports
};

struct reader {
  const unsigned char *at;
  int ignore_case;
  int understood;
};

static void add_clause(struct regex_requirement *into, const struct regex_clause *clause) {
  if (clause->count > 0 && into->count < max_clauses) into->clauses[into->count++] = *clause;
}

// Written in place: a clause built aside was zeroed whole (140 bytes) and copied, for
// every string of every pattern libmagic compiles.
static void add_string(struct regex_requirement *into, const char *text, int length) {
  if (length == 0 || into->count >= max_clauses) return;
  struct regex_clause *clause = &into->clauses[into->count++];
  clause->count = 1;
  clause->length[0] = (unsigned char)length;
  memcpy(clause->text[0], text, (size_t)length);
}

// The longest string a requirement names on its own, for an alternation's clause.
static int best_string(const struct regex_requirement *requirement, const char **text) {
  int best = 0;
  for (int index = 0; index < requirement->count; index++) {
    const struct regex_clause *clause = &requirement->clauses[index];
    if (clause->count == 1 && clause->length[0] > best) {
      best = clause->length[0];
      *text = clause->text[0];
    }
  }
  return best;
}

static int read_number(struct reader *reader, int *value) {
  int digits = 0;
  long number = 0;
  while (*reader->at >= '0' && *reader->at <= '9') {
    number = number * 10 + (*reader->at++ - '0');
    if (number > max_repeat) return 0;
    digits++;
  }
  *value = (int)number;
  return digits > 0;
}

// A quantifier after an atom, if any: its minimum count, or -1 when there is none.
// Clears `understood` for forms glibc would reject or read differently.
static int read_quantifier(struct reader *reader) {
  int minimum;
  switch (*reader->at) {
  case '*':
  case '?':
    minimum = 0;
    reader->at++;
    break;
  case '+':
    minimum = 1;
    reader->at++;
    break;
  case '{': {
    reader->at++;
    int maximum;
    if (!read_number(reader, &minimum)) {
      reader->understood = 0;
      return 0;
    }
    maximum = minimum;
    if (*reader->at == ',') {
      reader->at++;
      maximum = max_repeat;
      if (*reader->at != '}' && !read_number(reader, &maximum)) {
        reader->understood = 0;
        return 0;
      }
    }
    if (*reader->at != '}' || maximum < minimum) {
      reader->understood = 0;
      return 0;
    }
    reader->at++;
    break;
  }
  default:
    return -1;
  }
  // A quantified quantifier (`a+*`, `a{2}?`) is left to glibc.
  if (*reader->at == '*' || *reader->at == '+' || *reader->at == '?' || *reader->at == '{') reader->understood = 0;
  return minimum;
}

// Skips a bracket expression, `[` already read. Sets `*single` to its one character
// when it is a plain one-character set such as `[{]`, else to -1.
static void read_bracket(struct reader *reader, int *single) {
  const unsigned char *start = reader->at;
  int negated = *reader->at == '^';
  if (negated) reader->at++;
  int members = 0;
  int plain = !negated;
  int first = *reader->at;
  if (*reader->at == ']') {
    reader->at++;
    members++;
  }
  while (*reader->at != ']') {
    if (*reader->at == '\0') {
      reader->understood = 0;
      return;
    }
    if (*reader->at == '[' && (reader->at[1] == ':' || reader->at[1] == '.' || reader->at[1] == '=')) {
      unsigned char kind = reader->at[1];
      reader->at += 2;
      while (!(reader->at[0] == kind && reader->at[1] == ']')) {
        if (*reader->at == '\0') {
          reader->understood = 0;
          return;
        }
        reader->at++;
      }
      reader->at += 2;
      plain = 0;
    } else {
      if (*reader->at == '-' && members > 0 && reader->at[1] != ']') plain = 0;
      reader->at++;
    }
    members++;
  }
  reader->at++;
  *single = plain && members == 1 && reader->at - start == 2 ? first : -1;
}

static int is_ascii_letter(int c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }

static void read_alternation(struct reader *reader, struct regex_requirement *result, int depth);

// One branch: a sequence of pieces. Adjacent literal characters form one string.
static void read_branch(struct reader *reader, struct regex_requirement *result, int depth) {
  char run[max_literal];
  int run_length = 0;
  int pieces = 0;
  result->count = 0;
  while (reader->understood && *reader->at != '\0' && *reader->at != '|' && *reader->at != ')') {
    int literal = -1;
    struct regex_requirement group;  // filled only for a group; read only then
    group.count = 0;
    int is_group = 0;
    unsigned char c = *reader->at++;
    switch (c) {
    case '(':
      if (depth >= max_depth) {
        reader->understood = 0;
        return;
      }
      read_alternation(reader, &group, depth + 1);
      if (*reader->at != ')') {
        reader->understood = 0;
        return;
      }
      reader->at++;
      is_group = 1;
      break;
    case '[':
      read_bracket(reader, &literal);
      break;
    case '\\':
      c = *reader->at;
      if (c == '\0') {  // a trailing backslash is glibc's error to report
        reader->understood = 0;
        return;
      }
      reader->at++;
      // Letters, digits and <>`' name classes, anchors and back-references in glibc.
      if (is_ascii_letter(c) || (c >= '0' && c <= '9') || c == '<' || c == '>' || c == '`' || c == '\'') break;
      literal = c;
      break;
    case '^':
    case '$':
      // A repeated anchor is an error in glibc's extended syntax.
      if (*reader->at == '*' || *reader->at == '+' || *reader->at == '?' || *reader->at == '{') {
        reader->understood = 0;
        return;
      }
      break;
    case '.':
      break;
    case '*':
    case '+':
    case '?':
    case '{':
    case '}':
      reader->understood = 0;
      return;
    default:
      literal = c;
    }
    pieces++;
    // A byte above ASCII may be part of a character a quantifier applies to whole (in
    // a UTF-8 locale), and folds by locale: it ends the string instead.
    if (literal >= 0x80) literal = -1;
    if (literal >= 0 && reader->ignore_case && is_ascii_letter(literal)) literal |= 0x20;
    int minimum = read_quantifier(reader);
    if (!reader->understood) return;
    int required = minimum != 0;
    if (literal >= 0 && required && run_length < max_literal) run[run_length++] = (char)literal;
    // Only an unrepeated literal may join the next one in one string.
    if (literal < 0 || minimum != -1 || run_length == max_literal) {
      add_string(result, run, run_length);
      run_length = 0;
    }
    if (is_group && required)
      for (int index = 0; index < group.count; index++) add_clause(result, &group.clauses[index]);
  }
  add_string(result, run, run_length);
  if (pieces == 0) reader->understood = 0;  // an empty branch is left to glibc
}

// Branches separated by `|`: what every branch requires is kept as one clause of the
// longest string each branch requires alone.
static void read_alternation(struct reader *reader, struct regex_requirement *result, int depth) {
  read_branch(reader, result, depth);
  if (*reader->at != '|') return;
  struct regex_clause either;
  either.count = 0;
  const char *text = NULL;
  int length = best_string(result, &text);
  int complete = length > 0;
  if (complete) {
    either.length[0] = (unsigned char)length;
    memcpy(either.text[0], text, (size_t)length);
    either.count = 1;
  }
  while (reader->understood && *reader->at == '|') {
    reader->at++;
    struct regex_requirement branch;
    read_branch(reader, &branch, depth);
    length = best_string(&branch, &text);
    if (length == 0 || either.count == max_alternatives) complete = 0;
    if (complete) {
      either.length[either.count] = (unsigned char)length;
      memcpy(either.text[either.count], text, (size_t)length);
      either.count++;
    }
  }
  result->count = 0;
  if (complete) add_clause(result, &either);
}

// 1 and the requirement when the whole pattern was read, 0 when it is left to glibc.
static int read_pattern(const char *pattern, int cflags, struct regex_requirement *requirement) {
  struct reader reader = {.at = (const unsigned char *)pattern, .ignore_case = (cflags & REG_ICASE) != 0, .understood = 1};
  if ((cflags & REG_EXTENDED) == 0) return 0;
  read_alternation(&reader, requirement, 0);
  return reader.understood && *reader.at == '\0';
}

static int contains(const char *subject, size_t subject_length, const char *text, int length, int ignore_case) {
  if (!ignore_case) return memmem(subject, subject_length, text, (size_t)length) != NULL;
  for (size_t start = 0; start + (size_t)length <= subject_length; start++) {
    int index = 0;
    while (index < length) {
      unsigned char c = (unsigned char)subject[start + (size_t)index];
      if (is_ascii_letter(c)) c |= 0x20;
      if (c != (unsigned char)text[index]) break;
      index++;
    }
    if (index == length) return 1;
  }
  return 0;
}

int cmagic_regex_requirement_met(const struct regex_requirement *requirement, const unsigned char *subject, size_t length,
                                 int ignore_case) {
  if (requirement->count < 0 || requirement->count > max_clauses) return 1;
  for (int index = 0; index < requirement->count; index++) {
    const struct regex_clause *clause = &requirement->clauses[index];
    if (clause->count <= 0 || clause->count > max_alternatives) return 1;
    int found = 0;
    for (int choice = 0; choice < clause->count && !found; choice++) {
      int text_length = clause->length[choice];
      if (text_length == 0 || text_length > max_literal) return 1;
      found = contains((const char *)subject, length, clause->text[choice], text_length, ignore_case);
    }
    if (!found) return 0;
  }
  return 1;
}

static int satisfies(const struct regex_requirement *requirement, const char *subject, int ignore_case) {
  return cmagic_regex_requirement_met(requirement, (const unsigned char *)subject, strlen(subject), ignore_case);
}

int cmagic_regex_requirement(const char *pattern, int cflags, struct regex_requirement *requirement) {
  return read_pattern(pattern, cflags, requirement) && requirement->count > 0;
}

int cmagic_regex_may_match(const char *pattern, int cflags, const char *subject) {
  struct regex_requirement requirement;
  if (!read_pattern(pattern, cflags, &requirement)) return 1;
  return satisfies(&requirement, subject, (cflags & REG_ICASE) != 0);
}

// Patterns whose compilation is put off, by the address of the caller's regex_t.
// libmagic keeps each rule's regex_t from its first use until magic_close, so there
// are as many as the rules it has tried (about a hundred). Each keeps the requirement
// read at regcomp, only its clauses, in one block with the pattern: reading the pattern
// again at regexec cost a small copy as much as all the lookups it saves (110,000
// instructions), and the requirement is a function of the pattern and flags alone.
struct deferred {
  const regex_t *key;
  char *pattern;  // inside `block`
  int cflags;
  struct regex_requirement *requirement;  // the block; its clauses past `count` are not there
};
static struct deferred *deferred;
static size_t deferred_count, deferred_capacity;
static pthread_mutex_t deferred_lock = PTHREAD_MUTEX_INITIALIZER;
static struct cmagic_regex_counts counts;
// -1 until the first regcomp: then whether this is the libmagic the shortcut was written
// against (it keys deferred patterns by the address of libmagic's regex_t, and leans on
// how that release compiles, runs and frees them).
static int prefilter_enabled = -1;

// The entry for `key`, or NULL; the caller holds the lock.
static struct deferred *find(const regex_t *key) {
  for (size_t index = deferred_count; index > 0; index--)
    if (deferred[index - 1].key == key) return &deferred[index - 1];
  return NULL;
}

// Takes `entry` out of the table, leaving its pattern to the caller.
static void forget(struct deferred *entry) { *entry = deferred[--deferred_count]; }

static int defer(const regex_t *key, const char *pattern, int cflags, const struct regex_requirement *requirement) {
  if (deferred_count == deferred_capacity) {
    size_t capacity = deferred_capacity == 0 ? 128 : deferred_capacity * 2;
    struct deferred *grown = realloc(deferred, capacity * sizeof *grown);
    if (grown == NULL) return 0;
    deferred = grown;
    deferred_capacity = capacity;
  }
  size_t kept = offsetof(struct regex_requirement, clauses) + (size_t)requirement->count * sizeof(struct regex_clause);
  size_t length = strlen(pattern) + 1;
  struct regex_requirement *block = malloc(kept + length);
  if (block == NULL) return 0;
  memcpy(block, requirement, kept);
  char *copy = (char *)block + kept;
  memcpy(copy, pattern, length);
  deferred[deferred_count++] = (struct deferred){.key = key, .pattern = copy, .cflags = cflags, .requirement = block};
  return 1;
}

int __wrap_regcomp(regex_t *preg, const char *pattern, int cflags) {
  struct regex_requirement requirement;
  pthread_mutex_lock(&deferred_lock);
  if (prefilter_enabled < 0) prefilter_enabled = cmagic_shortcuts_available();
  int worth_deferring = prefilter_enabled && read_pattern(pattern, cflags, &requirement) && requirement.count > 0;
  struct deferred *stale = find(preg);
  if (stale != NULL) {
    free(stale->requirement);
    forget(stale);
  }
  int deferring = worth_deferring && defer(preg, pattern, cflags, &requirement);
  if (deferring) counts.deferred++;
  else counts.compiled++;
  pthread_mutex_unlock(&deferred_lock);
  return deferring ? 0 : __real_regcomp(preg, pattern, cflags);
}

int __wrap_regexec(const regex_t *preg, const char *string, size_t nmatch, regmatch_t pmatch[], int eflags) {
  pthread_mutex_lock(&deferred_lock);
  struct deferred *entry = find(preg);
  if (entry == NULL) {
    pthread_mutex_unlock(&deferred_lock);
    return __real_regexec(preg, string, nmatch, pmatch, eflags);
  }
  // REG_STARTEND bounds the subject by pmatch, not by its end: no shortcut then.
  if ((eflags & REG_STARTEND) == 0 && !satisfies(entry->requirement, string, (entry->cflags & REG_ICASE) != 0)) {
    counts.skipped++;
    pthread_mutex_unlock(&deferred_lock);
    return REG_NOMATCH;
  }
  // It could match: compile it for real, and from now on this regex_t is glibc's.
  struct deferred pending = *entry;
  forget(entry);
  counts.compiled++;
  pthread_mutex_unlock(&deferred_lock);
  int status = __real_regcomp((regex_t *)preg, pending.pattern, pending.cflags);
  free(pending.requirement);
  if (status != 0) return status;
  return __real_regexec(preg, string, nmatch, pmatch, eflags);
}

void __wrap_regfree(regex_t *preg) {
  pthread_mutex_lock(&deferred_lock);
  struct deferred *entry = find(preg);
  if (entry != NULL) {
    free(entry->requirement);
    forget(entry);
  }
  pthread_mutex_unlock(&deferred_lock);
  if (entry == NULL) __real_regfree(preg);
}

struct cmagic_regex_counts cmagic_regex_counts(void) {
  pthread_mutex_lock(&deferred_lock);
  struct cmagic_regex_counts result = counts;
  pthread_mutex_unlock(&deferred_lock);
  return result;
}

void cmagic_regex_set_prefilter(int enabled) {
  pthread_mutex_lock(&deferred_lock);
  prefilter_enabled = enabled && cmagic_shortcuts_available();
  pthread_mutex_unlock(&deferred_lock);
}

void cmagic_regex_each_deferred(void (*visit)(const char *pattern, int cflags, void *context), void *context) {
  pthread_mutex_lock(&deferred_lock);
  for (size_t index = 0; index < deferred_count; index++) visit(deferred[index].pattern, deferred[index].cflags, context);
  pthread_mutex_unlock(&deferred_lock);
}
