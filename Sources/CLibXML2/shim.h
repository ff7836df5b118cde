#ifndef LOGBOOK_CLIBXML2_SHIM_H
#define LOGBOOK_CLIBXML2_SHIM_H
/* Debian builds libxml2 with ICU, and <libxml/encoding.h> then includes ICU's <unicode/ucnv.h>.
 * Those ICU declarations clash with the copy inside Foundation (_FoundationICU) in any Swift
 * module that sees both ("'UErrorCode' has different definitions in different modules").
 * Nothing here needs ICU types: only the tail of xmlCharEncodingHandler, which Swift never
 * allocates or reads, depends on the macro. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
