#include "CCurlShim.h"

CURLcode logbook_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode logbook_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode logbook_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode logbook_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode logbook_curl_setopt_mime(CURL *handle, curl_mime *value) {
    return curl_easy_setopt(handle, CURLOPT_MIMEPOST, value);
}

CURLcode logbook_curl_setopt_data_callback(CURL *handle, CURLoption option, logbook_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode logbook_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

size_t logbook_curl_read_abort(void) { return CURL_READFUNC_ABORT; }
