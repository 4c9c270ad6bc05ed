#ifndef REPODIGEST_CLIBXML2_SHIM_H
#define REPODIGEST_CLIBXML2_SHIM_H
// The parts of libxml2 the validator and the HTML sanitiser use. Only the structured (non-variadic) error
// reporting is used, so no variadic shim is needed.
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and its headers would then include the system's ICU
// headers, which clash with the copy of ICU inside Swift's Foundation. Nothing here uses
// libxml2's ICU converters, so their declarations are left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

// `xmlFree` is a global function pointer, which Swift 6 treats as shared mutable state.
static inline void rd_xml_free(void *pointer) { xmlFree(pointer); }
#endif
