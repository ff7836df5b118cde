#ifndef LOGBOOK_CCURLSHIM_H
#define LOGBOOK_CCURLSHIM_H
#include <curl/curl.h>
#include <stddef.h>

/* Typed wrappers around the variadic curl_easy_setopt, one per kind of argument libcurl expects. Calling one
 * with an option of another kind is as wrong as it would be in C; the Swift side names each option once. */

/* Options that take a long (CURLOPT_PORT, CURLOPT_USE_SSL, CURLOPT_UPLOAD, timeouts, ...). */
CURLcode logbook_curl_setopt_long(CURL *handle, CURLoption option, long value);

/* Options that take a C string, copied by libcurl (CURLOPT_URL, CURLOPT_MAIL_FROM, CURLOPT_USERNAME, ...). */
CURLcode logbook_curl_setopt_string(CURL *handle, CURLoption option, const char *value);

/* Options that take a pointer libcurl keeps until the transfer ends (CURLOPT_ERRORBUFFER, CURLOPT_READDATA). */
CURLcode logbook_curl_setopt_pointer(CURL *handle, CURLoption option, void *value);

/* Options that take a string list (CURLOPT_MAIL_RCPT, CURLOPT_HTTPHEADER); the list must outlive the transfer. */
CURLcode logbook_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);

/* CURLOPT_MIMEPOST; the mime handle must outlive the transfer. */
CURLcode logbook_curl_setopt_mime(CURL *handle, curl_mime *value);

/* The signature of CURLOPT_READFUNCTION and CURLOPT_WRITEFUNCTION callbacks. */
typedef size_t (*logbook_curl_data_callback)(char *buffer, size_t size, size_t count, void *userdata);

/* Options that take a data callback (CURLOPT_READFUNCTION, CURLOPT_WRITEFUNCTION). */
CURLcode logbook_curl_setopt_data_callback(CURL *handle, CURLoption option, logbook_curl_data_callback value);

/* curl_easy_getinfo for values of type long (CURLINFO_RESPONSE_CODE); also variadic in libcurl. */
CURLcode logbook_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);

/* CURL_READFUNC_ABORT, a macro Swift does not import as a size_t. */
size_t logbook_curl_read_abort(void);

#endif
