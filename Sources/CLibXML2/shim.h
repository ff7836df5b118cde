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

/* Some libxml2 failures (input encoding conversion, I/O) bypass the parser's structured error
 * handler and go to the thread's "generic" handler, which prints to stderr. The handler is a
 * variadic C function, which Swift cannot define: these helpers install a silent one around a
 * parser call and put the previous one back afterwards. */
static void logbook_xml_ignore_generic(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

typedef struct {
    xmlGenericErrorFunc handler;
    void *context;
} logbook_xml_generic_handler;

static inline logbook_xml_generic_handler logbook_xml_silence_generic_errors(void) {
    logbook_xml_generic_handler saved = { xmlGenericError, xmlGenericErrorContext };
    xmlSetGenericErrorFunc(NULL, logbook_xml_ignore_generic);
    return saved;
}

static inline void logbook_xml_restore_generic_errors(logbook_xml_generic_handler saved) {
    xmlSetGenericErrorFunc(saved.context, saved.handler);
}
#endif
