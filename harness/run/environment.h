/* What a run ran on (docs/conformance.md, "Packaging a submission"): the
 * versions of the candidate's tools, as the commands its profile names for
 * them print (`version = clang-15 --version`), and the machine. A run
 * records both in its report directory (tools.txt, machine.txt), so a
 * submission says which compiler on which system made its results. */
#ifndef HC_ENVIRONMENT_H
#define HC_ENVIRONMENT_H

#include <stddef.h>

#include "util/buf.h"
#include "util/status.h"

/* Runs each of the n commands (placeholders already filled) in dir, one
 * after another, each with a deadline of HC_VERSION_TIMEOUT seconds, and
 * appends to out, per command, "$ COMMAND", its output (stdout then stderr,
 * at most HC_VERSION_OUTPUT bytes of each) and, when it did not exit 0, how
 * it ended. *failed counts the commands that did not exit 0. -1 with st
 * only when a command cannot be started at all. */
#define HC_VERSION_TIMEOUT 60.0
#define HC_VERSION_OUTPUT 4096
int hc_tools_text(char *const *cmds, size_t n, const char *dir, hd_buf *out, size_t *failed,
                  hd_status *st);

/* Appends `key: value` lines: os, kernel, cpu, cpus, memory. */
void hc_machine_text(hd_buf *out);

#endif
