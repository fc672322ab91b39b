/*
 * psdecode: speech recognition helper of the server (apps/server/src/modules/speech/engines).
 *
 * Reads 16 kHz mono signed 16-bit little-endian PCM on stdin and writes JSON lines on stdout:
 *   {"type":"ready"}                                       once the decoder is loaded
 *   {"type":"partial","text":"..."}                        (with --partial-ms N) while audio arrives
 *   {"type":"final","text":"...","words":[...],"cpu":s,"audio":s}   at end of input
 *   {"type":"error","message":"..."}                       then exit status 1
 *
 * Usage:
 *   psdecode [--partial-ms N] [--redecode] [pocketsphinx options: -hmm DIR -lm FILE -dict FILE ...]
 *   psdecode --dump-unigrams LM_FILE     prints "log10prob<TAB>word" for every unigram of the model
 *
 * With --partial-ms the audio is decoded live as it arrives (partial hypotheses every N ms of audio);
 * with --redecode the whole recording is decoded again at end of input (the first utterance of a fresh
 * decoder is recognised poorly, since its cepstral mean is not yet known). Without --partial-ms the
 * input is read to its end and decoded in one pass over the full utterance.
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
  printf("],\"cpu\":%.3f,\"audio\":%.3f}\n", cpu_seconds(), audio_seconds);
  fflush(stdout);
}

static int decode_full(ps_decoder_t *ps, const int16 *pcm, size_t n) {
  if (ps_start_utt(ps) < 0) return -1;
  if (n > 0 && ps_process_raw(ps, pcm, n, FALSE, TRUE) < 0) return -1;
  return ps_end_utt(ps);
}

int main(int argc, char *argv[]) {
  int partial_ms = 0, redecode = 0, argi = 1;
  for (; argi < argc; argi++) {
    if (strcmp(argv[argi], "--dump-unigrams") == 0 && argi + 1 < argc) {
      err_set_logfp(NULL);
      return dump_unigrams(argv[argi + 1]);
    } else if (strcmp(argv[argi], "--partial-ms") == 0 && argi + 1 < argc) {
      partial_ms = atoi(argv[++argi]);
    } else if (strcmp(argv[argi], "--redecode") == 0) {
      redecode = 1;
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
