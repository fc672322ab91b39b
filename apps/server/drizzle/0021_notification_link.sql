-- Issue 31: a notification may lead somewhere in the app (a path the server built): a review request to the
-- reviewer's Pending Review, a review decision to the learner's result. Messages sent by people have none.
ALTER TABLE "notifications" ADD COLUMN "link" text;
