-- Every outbox row is written three times: inserted, claimed (lease and attempt), finished. The
-- claim changes no indexed column, so it can stay on the row's page without new index entries (a
-- HOT update) when the page has room; rows inserted by the hundred (a cover alert's colleagues) had
-- filled their pages, and each claim added an entry to four indexes. Half of each new page is kept
-- free for those updates. Pages written before this keep their fill until they are reused.
ALTER TABLE "notification_outbox" SET (fillfactor = 50);
