import type { TPrivacyDocument } from './types';

/** Privacy Policy of Polski Stories. Eleven sections, ids section1..section11. */
export const PRIVACY: TPrivacyDocument = {
  title: 'Privacy Policy',
  effective: 'December 29, 2023',
  intro: [
    'This Privacy Policy explains what personal data Polski Stories (https://polskistories.com) collects when you use the website, why we collect it, who we share it with and what rights you have. We have tried to write it in plain language. We collect as little data as we need to run a language-learning service, we do not show third-party advertising, and we never sell your data.',
  ],
  sections: [
    {
      id: 'section1',
      title: '1. Who We Are',
      paragraphs: [
        'The controller of your personal data, within the meaning of the EU General Data Protection Regulation (GDPR), is the operator of Polski Stories ("we", "us", "our").',
        'For any question about this policy or your personal data, or to exercise your rights, write to us at contact@polskistories.com. We read every message and will answer you personally.',
      ],
    },
    {
      id: 'section2',
      title: '2. What Data We Collect',
      paragraphs: [
        'Account data. When you register, we collect your username, your email address, the native language you select and your password. Your password is never stored in readable form: we keep only a salted cryptographic hash of it. We also record whether you have confirmed your email address, your account roles (for example, whether you are a Premium member) and the date your Premium access ends, if any.',
        'Payment records. Payments are handled by Stripe on its own hosted checkout page, so we never see or store your card number or other full payment details. From Stripe we receive and keep a record of each purchase: your Stripe customer reference, the plan you bought, the amount, currency and date, the payment status and, for subscriptions, the subscription status and renewal date. Stripe may also make limited details available to us, such as the type of card and its last four digits, which help us answer support questions.',
        'Learning progress. To show you which lessons you have finished, we store the lessons you have completed and related progress information in your account.',
        'Words and reviews. When you save words or review them, we store the words you saved (with the sentence and lesson you met them in), the status you gave each word, your review cards and the history of your answers, the days you studied, and your learning settings (time zone, daily goal, review limits and whether you want review reminders).',
        'Translator and word checker. When you use the translator, the text you enter is sent to a translation provider (see section 4) to produce the translation. The word checker looks words up in the dictionary and morphology data listed on our Credits page. Please do not enter sensitive personal information into these tools.',
        'Technical data. Like almost every website, our servers automatically record technical information when your browser makes a request: your IP address, the date and time, the page or address requested, the browser and device type you use, and any errors. We use these logs to keep the Service running and secure.',
        'Country detection. To show Premium prices in your local currency, our server looks up the country of your IP address in an offline country database (GeoLite2) stored on our own server. Your IP address is not sent to any outside service for this purpose, and we use the result only to choose the currency and prices shown to you.',
        'Messages to us. If you email us, we keep your message, your email address and our reply so that we can deal with your request.',
        'What we do not collect. We do not use third-party advertising, advertising networks, social media trackers or analytics services that build profiles of you, and we do not buy data about you from others.',
      ],
    },
    {
      id: 'section3',
      title: '3. Why We Use Your Data and Our Legal Bases',
      paragraphs: [
        'To create and run your account, provide lessons and Premium access, save your learning progress, provide the translator and word checker, and send you the emails the Service needs (such as your email confirmation link, password reset links and payment confirmations). Legal basis: performance of our contract with you (Article 6(1)(b) GDPR).',
        'To process payments, issue refunds and keep payment and accounting records. Legal basis: performance of our contract with you (Article 6(1)(b) GDPR) and our legal obligations under tax and accounting law (Article 6(1)(c) GDPR).',
        'To send you review reminders, only if you turn them on in Settings: at most one email a day when you have reviews due. Legal basis: your consent (Article 6(1)(a) GDPR), which you can withdraw at any time with the one-click unsubscribe link in every reminder or in Settings.',
        'To keep the Service secure and working, prevent fraud and abuse, fix errors, and show prices in your local currency. Legal basis: our legitimate interests in running a safe, reliable service and in showing you relevant prices (Article 6(1)(f) GDPR).',
        'To answer your questions and handle complaints, and to establish, exercise or defend legal claims. Legal basis: performance of our contract with you or our legitimate interests (Article 6(1)(b) and (f) GDPR).',
        'We do not use your data for advertising, we do not sell or rent it to anyone, and we do not make decisions about you based solely on automated processing that have legal or similarly significant effects on you.',
        'Giving us your email address, username, native language and password is necessary to create an account. Without them we cannot provide the parts of the Service that require an account, but you can still read the free parts of the website.',
      ],
    },
    {
      id: 'section4',
      title: '4. Service Providers and International Transfers',
      paragraphs: [
        'We share personal data only with service providers who help us run Polski Stories, only to the extent they need it, and under contracts that require them to protect it. These are:',
        'Stripe, which processes payments, subscriptions and refunds and hosts the checkout page and the billing portal. For some purposes, such as fraud prevention and meeting its own legal obligations, Stripe acts as an independent controller under its own privacy policy (https://stripe.com/privacy).',
        'Our email delivery provider, which sends account emails such as confirmation links, password reset links, payment confirmations and, if you turned them on, review reminders on our behalf.',
        'Google Cloud Translation (Google) and DeepL (DeepL SE), which receive the text you submit to the translator in order to translate it. They receive only the text and the chosen languages, not your account details. We use them only when you use the translator.',
        'Our hosting and infrastructure providers, which store the website, the database and our server logs.',
        'Some of these providers, or their sub-processors, may process data outside the European Economic Area, for example in the United States. Where this happens, the transfer is protected by appropriate safeguards, such as an adequacy decision of the European Commission (including the EU-US Data Privacy Framework) or the European Commission\'s Standard Contractual Clauses.',
        'We may also disclose data where the law requires it, for example to comply with a valid request from a public authority.',
      ],
    },
    {
      id: 'section5',
      title: '5. How Long We Keep Your Data',
      paragraphs: [
        'Account data, learning progress, saved words and reviews: for as long as your account exists. When you delete your account in Settings, we delete this data at once, together with your sessions and the emails we keep for your address; if you ask us by email instead, we do the same within 30 days. The only exception is the payment records we must keep by law (see the next paragraph).',
        'Payment records: for as long as tax and accounting law requires, which in the European Union is usually five to ten years, depending on the country. When you delete your account, we keep a copy of each payment record (the amount, currency, plan, dates and Stripe references) without any link to your account, and delete it at the end of the fifth calendar year after the payment; Stripe keeps its own records and invoices of your payments under its own privacy policy. An active subscription is cancelled when you delete your account.',
        'Technical logs: for a short period, normally no longer than 90 days, unless we need a specific log for longer to investigate a security incident or abuse.',
        'Sign-in and email links: your sign-in token expires after 7 days, email confirmation links after 3 days and password reset links after 1 hour. A temporary session record used to sign you back in after you return from Stripe\'s checkout page expires after 30 minutes.',
        'Messages to us: for as long as needed to deal with your request and any follow-up questions.',
      ],
    },
    {
      id: 'section6',
      title: '6. Your Rights',
      paragraphs: [
        'Under the GDPR you have the right to: access the personal data we hold about you and receive a copy of it; have inaccurate data corrected (rectification); have your data erased; restrict our use of your data in certain cases; receive the data you gave us in a structured, commonly used, machine-readable format and have it transmitted to another service (portability); and object at any time to processing based on our legitimate interests, on grounds relating to your particular situation.',
        'You can exercise the most common rights yourself, at any time, in Settings: "Download my data" gives you a copy of all the data we hold about you in a machine-readable file (JSON), "Delete my account" erases your account and the data linked to it at once, you can change your native language, and you can turn review reminders on or off. For anything else, email us at contact@polskistories.com from the address linked to your account. We will answer within one month; if a request is complex, we may extend this by up to two further months and will tell you why.',
        'You also have the right to lodge a complaint with a data protection supervisory authority, in particular in the EU country where you live, work or where you believe the infringement took place. In Poland this is the President of the Personal Data Protection Office (Prezes Urzędu Ochrony Danych Osobowych, UODO), ul. Stawki 2, 00-193 Warszawa, https://uodo.gov.pl. We would appreciate the chance to deal with your concern first, so please contact us before you go to the authority.',
      ],
    },
    {
      id: 'section7',
      title: '7. Cookies and Local Storage',
      paragraphs: [
        'Polski Stories does not use tracking cookies, advertising cookies or third-party analytics cookies.',
        'When you sign in, we store your sign-in token in your browser\'s local storage, together with the basic account details the app needs to display (such as your username and whether you are a Premium member). This is strictly necessary to keep you signed in. It stays on your device until you sign out or the token expires, and you can remove it at any time by signing out or clearing your browser\'s site data.',
        'When you go to the checkout or the billing portal, you are on Stripe\'s own pages, and Stripe may use cookies there that are necessary for payments and fraud prevention. These are governed by Stripe\'s cookie and privacy policies.',
      ],
    },
    {
      id: 'section8',
      title: '8. Children',
      paragraphs: [
        'Polski Stories is intended for adults. You must be at least 18 years old to create an account or make a purchase, and the Service is not aimed at anyone under 18.',
        'We do not knowingly collect personal data from people under 18. If you believe that someone under 18 has created an account, please tell us at contact@polskistories.com and we will delete the account and the data linked to it.',
      ],
    },
    {
      id: 'section9',
      title: '9. Security',
      paragraphs: [
        'We protect your data with technical and organisational measures appropriate to the risk. All connections to the website are encrypted (HTTPS), passwords are stored only as salted hashes, sign-in tokens and email links expire automatically, payment details are handled entirely by Stripe, and access to our servers and database is limited to the people who need it to run the Service.',
        'No system is perfectly secure. Please use a strong password that you do not use anywhere else. If we ever become aware of a personal data breach that is likely to put your rights at risk, we will inform you and the competent supervisory authority as the law requires.',
      ],
    },
    {
      id: 'section10',
      title: '10. Changes to This Policy',
      paragraphs: [
        'We may update this Privacy Policy when we change the Service, start working with a new service provider or when the law changes. The date at the top shows when the current version took effect.',
        'If we make significant changes, for example if we start using your data for a new purpose, we will tell you by email or by a clear notice on the website before the changes apply.',
      ],
    },
    {
      id: 'section11',
      title: '11. Contact Us',
      paragraphs: [
        'If you have any questions about this Privacy Policy or about how we handle your data, or if you want to exercise any of your rights, please write to contact@polskistories.com.',
        'To help us find your account quickly, please write from the email address you used to register and include your username. We may ask you to confirm your identity before we act on a request, to make sure we never give your data to someone else.',
      ],
    },
  ],
};
