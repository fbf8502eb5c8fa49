-- The Reminders app's own triggers. They call functions the app provides
-- (rql registers them on each connection), so they are not stored in the
-- database: rql creates them as TEMP triggers on each connection to a database
-- with the Reminders schema, as SQLiteData advises for app logic. The sqlite3
-- shell or another app opening the same file has neither the functions nor
-- these triggers, and deletes and status updates work there all the same.

-- Deleting the last list asks the app for a default one.
CREATE TEMP TRIGGER remindersLists_default_after_delete
AFTER DELETE ON remindersLists
WHEN NOT EXISTS (SELECT 1 FROM remindersLists)
BEGIN
  SELECT createDefaultRemindersList();
END;

-- Marking a reminder as completing lets the app complete it after a moment.
CREATE TEMP TRIGGER reminders_status_after_update
AFTER UPDATE OF status ON reminders
WHEN new.status = 2
BEGIN
  SELECT handleReminderStatusUpdate();
END;
