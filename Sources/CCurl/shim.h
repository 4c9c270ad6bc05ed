#ifndef REPODIGEST_CCURL_SHIM_H
#define REPODIGEST_CCURL_SHIM_H
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call. These typed
// wrappers give each argument kind its own non-variadic entry point.
#include <curl/curl.h>

static inline CURLcode rd_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode rd_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode rd_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode rd_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode rd_curl_setopt_write_callback(CURL *handle, CURLoption option,
                                                     size_t (*callback)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(handle, option, callback);
}
/// The progress callback is how a transfer in flight learns that its task was cancelled.
static inline CURLcode rd_curl_setopt_xferinfo_callback(
    CURL *handle, int (*callback)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t)) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}
static inline CURLcode rd_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode rd_curl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
#endif
