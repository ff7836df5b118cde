#ifndef LOGBOOK_CCURL_SHIM_H
#define LOGBOOK_CCURL_SHIM_H
/* libcurl (Debian libcurl4-openssl-dev). curl_easy_setopt is variadic and does not import into Swift:
 * the CCurlShim target wraps it with one typed function per argument kind. */
#include <curl/curl.h>
#endif
