/* temporary stand-in until the store lands */
#include <stdlib.h>
#include "grundy/store.h"
grundy_status grundy_store_load(grundy_store_mapping **out, grundy_store *s, const char *spec)
{ (void)s; (void)spec; *out = NULL; return GRUNDY_OK; }
const grundy_store_table *grundy_store_mapping_table(const grundy_store_mapping *m) { (void)m; return NULL; }
void grundy_store_mapping_free(grundy_store_mapping *m) { (void)m; }
grundy_status grundy_store_save(grundy_store *s, const grundy_store_table *t) { (void)s; (void)t; return GRUNDY_OK; }
grundy_status grundy_store_lock_entry(grundy_store_lock **out, grundy_store *s, const char *spec) { (void)s; (void)spec; *out = NULL; return GRUNDY_OK; }
void grundy_store_unlock(grundy_store_lock *l) { (void)l; }
int grundy_store_writable(const grundy_store *s) { (void)s; return 0; }
void grundy_store_opts_init(grundy_store_opts *o) { (void)o; }
grundy_status grundy_store_open(grundy_store **out, const grundy_store_opts *o) { (void)o; *out = NULL; return GRUNDY_OK; }
void grundy_store_close(grundy_store *s) { (void)s; }
