#ifndef REPODIGEST_CCMARKGFM_SHIM_H
#define REPODIGEST_CCMARKGFM_SHIM_H
// cmark-gfm with GitHub's extensions (tables, strikethrough, autolinks, task lists, tagfilter).
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#endif
