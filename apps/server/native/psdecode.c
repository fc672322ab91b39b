/*
 * psdecode: speech recognition helper of the server (apps/server/src/modules/speech/engines).
 *
 * Reads 16 kHz mono signed 16-bit little-endian PCM on stdin and writes JSON lines on stdout:
 *   {"type":"ready"}                                       once the decoder is loaded
 *   {"type":"partial","text":"..."}                        (with --partial-ms N) while audio arrives
 *   {"type":"final","text":"...","words":[...],"cpu":s,"audio":s}   at end of input
 *       (with --phrases FILE also "phrases":[{"phrase":"...","post":ln}]: see below)
 *   {"type":"error","message":"..."}                       then exit status 1
 *
 * Usage:
 *   psdecode [--partial-ms N] [--redecode] [--phrases FILE] [pocketsphinx options: -hmm DIR -lm FILE -dict FILE ...]
 *   psdecode --dump-unigrams LM_FILE     prints "log10prob<TAB>word" for every unigram of the model
 *
 * With --partial-ms the audio is decoded live as it arrives (partial hypotheses every N ms of audio);
 * with --redecode the whole recording is decoded again at end of input (the first utterance of a fresh
 * decoder is recognised poorly, since its cepstral mean is not yet known). Without --partial-ms the
 * input is read to its end and decoded in one pass over the full utterance.
 *
 * With --phrases FILE (keyword phrases in dictionary words, one a line) each phrase is searched for in the
 * final decode's word lattice: its score is the natural log of the posterior probability of its weakest
 * word on the best chain of lattice nodes spelling the phrase (fillers such as <sil> may come between two
 * words), -999 when the lattice holds no such chain. The server accepts a phrase above a threshold, so that
 * a keyword the 1-best transcript missed can still count (issue 14).
 */
#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/logmath.h>
#include <sphinxbase/ngram_model.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#define SAMPLE_RATE 16000
#define FRAME_RATE 100.0
#define MAX_SAMPLES (SAMPLE_RATE * 60 * 30) /* 30 minutes */
#define READ_BYTES 3200                     /* 100 ms */

static void json_string(FILE *out, const char *s) {
  fputc('"', out);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(out, "\\%c", c);
    else if (c < 0x20)
      fprintf(out, "\\u%04x", c);
    else
      fputc(c, out);
  }
  fputc('"', out);
}

static int fail(const char *message) {
  fputs("{\"type\":\"error\",\"message\":", stdout);
  json_string(stdout, message);
  fputs("}\n", stdout);
  fflush(stdout);
  return 1;
}

static double cpu_seconds(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static int dump_unigrams(const char *path) {
  logmath_t *lmath = logmath_init(1.0001, 0, 0);
  ngram_model_t *lm = ngram_model_read(NULL, path, NGRAM_AUTO, lmath);
  if (lm == NULL) return fail("cannot read the language model");
  int32 n_unigrams = (int32)ngram_model_get_counts(lm)[0];
  for (int32 wid = 0; wid < n_unigrams; wid++) {
    int32 n_used;
    int32 prob = ngram_ng_prob(lm, wid, NULL, 0, &n_used);
    printf("%.4f\t%s\n", logmath_log_to_log10(lmath, prob), ngram_word(lm, wid));
  }
  ngram_model_free(lm);
  logmath_free(lmath);
  return 0;
}

/* A real word of the hypothesis: not <s>, </s>, <sil> or a [NOISE] filler. */
static int is_word(const char *w) { return w[0] != '<' && w[0] != '['; }


/* ---- keyword phrases in the lattice (--phrases FILE) ---- */
#define MAX_PHRASES 512
#define MAX_PHRASE_WORDS 16
#define MAX_FILLERS 3 /* fillers (<sil>, [NOISE]) skipped between two words of a phrase */
#define NO_SCORE (-0x40000000)

typedef struct {
  char text[512];
  char buf[512];
  char *words[MAX_PHRASE_WORDS];
  int n_words;
} phrase_t;

static phrase_t phrases[MAX_PHRASES];
static int n_phrases = 0;

static int read_phrases(const char *path) {
  FILE *f = fopen(path, "r");
  if (f == NULL) return -1;
  char line[512];
  while (n_phrases < MAX_PHRASES && fgets(line, sizeof line, f)) {
    size_t len = strlen(line);
    while (len && (line[len - 1] == '\n' || line[len - 1] == ' ' || line[len - 1] == '\r')) line[--len] = '\0';
    if (!len) continue;
    phrase_t *p = &phrases[n_phrases++];
    snprintf(p->text, sizeof p->text, "%s", line);
    snprintf(p->buf, sizeof p->buf, "%s", line);
    p->n_words = 0;
    for (char *tok = strtok(p->buf, " "); tok && p->n_words < MAX_PHRASE_WORDS; tok = strtok(NULL, " "))
      p->words[p->n_words++] = tok;
  }
  fclose(f);
  return 0;
}

typedef struct {
  ps_latnode_t *node;
  const char *word; /* base word (no pronunciation variant) */
  int filler;
  int32 post; /* log posterior of the node: the sum over its exits */
} node_info_t;

static node_info_t *nodes = NULL;
static int n_nodes = 0;

static int by_node(const void *a, const void *b) {
  const node_info_t *x = a, *y = b;
  return x->node < y->node ? -1 : x->node > y->node;
}

static int node_index(ps_latnode_t *node) {
  int lo = 0, hi = n_nodes - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (nodes[mid].node == node) return mid;
    if (nodes[mid].node < node) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

static int32 min32(int32 a, int32 b) { return a < b ? a : b; }

/*
 * The best score of words k+1.. of the phrase after node i, reached through `fillers` fillers (a chain
 * scores its weakest word). Memoised per (k, i, fillers): a noisy recording's lattice is dense, and the
 * plain recursion over every path grew exponentially (minutes of CPU for one decode).
 */
static int32 *memo = NULL; /* [k][i][fillers], NO_SCORE - 1 when not yet computed */
#define UNKNOWN (NO_SCORE - 1)
#define MEMO(k, i, f) memo[((size_t)(k) * n_nodes + (size_t)(i)) * (MAX_FILLERS + 1) + (size_t)(f)]

static int32 chain_after(const phrase_t *p, int k, int i, int fillers) {
  if (memo && MEMO(k, i, fillers) != UNKNOWN) return MEMO(k, i, fillers);
  int32 best = NO_SCORE;
  for (ps_latlink_iter_t *it = ps_latnode_exits(nodes[i].node); it; it = ps_latlink_iter_next(it)) {
    int j = node_index(ps_latlink_nodes(ps_latlink_iter_link(it), NULL));
    if (j < 0) continue;
    int32 s = NO_SCORE;
    if (nodes[j].filler) {
      if (fillers < MAX_FILLERS) s = chain_after(p, k, j, fillers + 1);
    } else if (strcmp(nodes[j].word, p->words[k + 1]) == 0) {
      s = k + 2 == p->n_words ? nodes[j].post : min32(nodes[j].post, chain_after(p, k + 1, j, 0));
    }
    if (s > best) best = s;
  }
  if (memo) MEMO(k, i, fillers) = best;
  return best;
}

static int32 phrase_score(const phrase_t *p) {
  size_t cells = (size_t)p->n_words * (size_t)n_nodes * (MAX_FILLERS + 1);
  memo = p->n_words > 1 ? malloc(cells * sizeof *memo) : NULL;
  if (memo)
    for (size_t c = 0; c < cells; c++) memo[c] = UNKNOWN;
  int32 best = NO_SCORE;
  for (int i = 0; i < n_nodes; i++) {
    if (nodes[i].filler || strcmp(nodes[i].word, p->words[0]) != 0) continue;
    int32 s = p->n_words == 1 ? nodes[i].post : min32(nodes[i].post, chain_after(p, 0, i, 0));
    if (s > best) best = s;
  }
  free(memo);
  memo = NULL;
  return best;
}

/* ,"phrases":[...] for the decode just finished (its lattice posteriors computed by ps_get_prob) */
static void print_phrases(ps_decoder_t *ps) {
  ps_lattice_t *dag = ps_get_lattice(ps);
  logmath_t *lmath = ps_get_logmath(ps);
  n_nodes = 0;
  if (dag != NULL) {
    for (ps_latnode_iter_t *it = ps_latnode_iter(dag); it; it = ps_latnode_iter_next(it)) n_nodes++;
    nodes = calloc((size_t)n_nodes + 1, sizeof *nodes);
    int n = 0;
    for (ps_latnode_iter_t *it = ps_latnode_iter(dag); it; it = ps_latnode_iter_next(it)) {
      if (nodes == NULL || n >= n_nodes) {
        ps_latnode_iter_free(it);
        break;
      }
      ps_latnode_t *node = ps_latnode_iter_node(it);
      node_info_t *info = &nodes[n++];
      info->node = node;
      info->word = ps_latnode_baseword(dag, node);
      info->filler = !is_word(info->word) || strncmp(info->word, "++", 2) == 0;
      int32 post = logmath_get_zero(lmath);
      for (ps_latlink_iter_t *li = ps_latnode_exits(node); li; li = ps_latlink_iter_next(li))
        post = logmath_add(lmath, post, ps_latlink_prob(dag, ps_latlink_iter_link(li), NULL));
      info->post = post;
    }
    n_nodes = nodes ? n : 0;
    if (n_nodes) qsort(nodes, (size_t)n_nodes, sizeof *nodes, by_node);
  }
  fputs(",\"phrases\":[", stdout);
  for (int k = 0; k < n_phrases; k++) {
    int32 score = n_nodes ? phrase_score(&phrases[k]) : NO_SCORE;
    printf("%s{\"phrase\":", k ? "," : "");
    json_string(stdout, phrases[k].text);
    printf(",\"post\":%.4f}", score <= NO_SCORE ? -999.0 : logmath_log_to_ln(lmath, score));
  }
  fputs("]", stdout);
  free(nodes);
  nodes = NULL;
  n_nodes = 0;
}

static void print_final(ps_decoder_t *ps, double audio_seconds) {
  const char *hyp = ps_get_hyp(ps, NULL);
  logmath_t *lmath = ps_get_logmath(ps);
  ps_get_prob(ps); /* computes the lattice posteriors used by ps_seg_prob */
  fputs("{\"type\":\"final\",\"text\":", stdout);
  json_string(stdout, hyp ? hyp : "");
  fputs(",\"words\":[", stdout);
  int first = 1;
  for (ps_seg_t *seg = ps_seg_iter(ps); seg != NULL; seg = ps_seg_next(seg)) {
    const char *w = ps_seg_word(seg);
    if (!is_word(w)) continue;
    char word[256];
    snprintf(word, sizeof word, "%s", w);
    char *alt = strchr(word, '('); /* "word(2)": an alternative pronunciation */
    if (alt != NULL && alt != word) *alt = '\0';
    int sf, ef;
    ps_seg_frames(seg, &sf, &ef);
    int32 ascr, lscr, lback;
    double conf = logmath_exp(lmath, ps_seg_prob(seg, &ascr, &lscr, &lback));
    if (conf > 1.0) conf = 1.0;
    if (conf < 0.0) conf = 0.0;
    printf("%s{\"word\":", first ? "" : ",");
    json_string(stdout, word);
    printf(",\"start\":%.2f,\"end\":%.2f,\"confidence\":%.3f}", sf / FRAME_RATE, (ef + 1) / FRAME_RATE, conf);
    first = 0;
  }
  fputs("]", stdout);
  if (n_phrases) print_phrases(ps);
  printf(",\"cpu\":%.3f,\"audio\":%.3f}\n", cpu_seconds(), audio_seconds);
  fflush(stdout);
}

static int decode_full(ps_decoder_t *ps, const int16 *pcm, size_t n) {
  if (ps_start_utt(ps) < 0) return -1;
  if (n > 0 && ps_process_raw(ps, pcm, n, FALSE, TRUE) < 0) return -1;
  return ps_end_utt(ps);
}

int main(int argc, char *argv[]) {
  int partial_ms = 0, redecode = 0, argi = 1;
  const char *phrase_file = NULL;
  for (; argi < argc; argi++) {
    if (strcmp(argv[argi], "--dump-unigrams") == 0 && argi + 1 < argc) {
      err_set_logfp(NULL);
      return dump_unigrams(argv[argi + 1]);
    } else if (strcmp(argv[argi], "--partial-ms") == 0 && argi + 1 < argc) {
      partial_ms = atoi(argv[++argi]);
    } else if (strcmp(argv[argi], "--redecode") == 0) {
      redecode = 1;
    } else if (strcmp(argv[argi], "--phrases") == 0 && argi + 1 < argc) {
      phrase_file = argv[++argi];
    } else {
      break;
    }
  }
  /* the remaining arguments are pocketsphinx options, given after a program name */
  char **ps_argv = calloc((size_t)(argc - argi + 2), sizeof(char *));
  if (ps_argv == NULL) return fail("out of memory");
  ps_argv[0] = argv[0];
  for (int i = argi; i < argc; i++) ps_argv[i - argi + 1] = argv[i];
  cmd_ln_t *config = cmd_ln_parse_r(NULL, ps_args(), argc - argi + 1, ps_argv, TRUE);
  if (config == NULL) return fail("invalid decoder options");
  ps_decoder_t *ps = ps_init(config);
  if (ps == NULL) return fail("cannot load the acoustic model, language model or dictionary");
  if (phrase_file && read_phrases(phrase_file) < 0) return fail("cannot read the keyword phrases");
  fputs("{\"type\":\"ready\"}\n", stdout);
  fflush(stdout);

  size_t cap = SAMPLE_RATE * 10, n = 0;
  int16 *pcm = malloc(cap * sizeof(int16));
  if (pcm == NULL) return fail("out of memory");
  size_t partial_samples = (size_t)partial_ms * SAMPLE_RATE / 1000, since_partial = 0;
  char last_partial[4096] = "";
  int live = partial_ms > 0, odd_byte = -1;

  if (live && ps_start_utt(ps) < 0) return fail("cannot start the utterance");
  for (;;) {
    unsigned char buf[READ_BYTES + 1];
    size_t have = 0;
    if (odd_byte >= 0) buf[have++] = (unsigned char)odd_byte;
    ssize_t got = read(STDIN_FILENO, buf + have, READ_BYTES);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    have += (size_t)got;
    odd_byte = (have % 2) ? buf[have - 1] : -1;
    size_t samples = have / 2;
    if (n + samples > MAX_SAMPLES) return fail("the recording is too long");
    if (n + samples > cap) {
      while (n + samples > cap) cap *= 2;
      int16 *grown = realloc(pcm, cap * sizeof(int16));
      if (grown == NULL) return fail("out of memory");
      pcm = grown;
    }
    for (size_t i = 0; i < samples; i++) pcm[n + i] = (int16)(buf[2 * i] | (buf[2 * i + 1] << 8));
    if (live) {
      if (ps_process_raw(ps, pcm + n, samples, FALSE, FALSE) < 0) return fail("decoding failed");
      since_partial += samples;
      if (since_partial >= partial_samples) {
        since_partial = 0;
        const char *hyp = ps_get_hyp(ps, NULL);
        if (hyp != NULL && hyp[0] != '\0' && strncmp(hyp, last_partial, sizeof last_partial) != 0) {
          snprintf(last_partial, sizeof last_partial, "%s", hyp);
          fputs("{\"type\":\"partial\",\"text\":", stdout);
          json_string(stdout, hyp);
          fputs("}\n", stdout);
          fflush(stdout);
        }
      }
    }
    n += samples;
  }

  if (live) {
    if (ps_end_utt(ps) < 0) return fail("decoding failed");
    if (redecode && decode_full(ps, pcm, n) < 0) return fail("decoding failed");
  } else if (decode_full(ps, pcm, n) < 0) {
    return fail("decoding failed");
  }
  print_final(ps, (double)n / SAMPLE_RATE);
  free(pcm);
  ps_free(ps);
  cmd_ln_free_r(config);
  free(ps_argv);
  return 0;
}
