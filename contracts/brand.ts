/** The brand, as the site shows it and as the server signs what it sends (e-mails, webhooks). */
export const brandName = 'Hostfront';
