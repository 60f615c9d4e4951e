/* `hdcts merge -o OUT DIR...` (docs/conformance.md, "Merging shards"):
 * the shards of one run (`hdcts run --shard I/N` on N machines) made into
 * one run directory, as if one machine had run them all, which `hdcts
 * package` takes as it takes any run. */
#ifndef HC_MERGE_H
#define HC_MERGE_H

/* Exit status 0 OUT holds the merged run, 1 the shards are not the whole of
 * one run (the message says why), 2 usage or a shard that cannot be read,
 * 3 writing OUT failed. */
int hc_merge_main(int argc, char **argv);

#endif
