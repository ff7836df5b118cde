// Mailer
