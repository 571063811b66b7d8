import type { TTermsDocument } from './types';

/** Terms and Conditions of Polski Stories. Nine sections, ids section1..section9. */
export const TERMS: TTermsDocument = {
  title: 'Terms and Conditions',
  lastUpdated: 'August 23, 2025',
  intro: [
    'Welcome to Polski Stories (https://polskistories.com), a website for learning Polish through stories, dialogues and audio. These Terms and Conditions ("Terms") explain the rules for using the website and for buying Premium access. In these Terms, "Polski Stories", "we", "us" and "our" mean the operator of the website, and "you" means the person using it.',
    'Please read these Terms before you create an account or make a purchase. By creating an account or using the website, you agree to them. If you do not agree, please do not use Polski Stories.',
  ],
  sections: [
    {
      id: 'section1',
      title: '1. The Service',
      paragraphs: [
        'Polski Stories is an online learning service for people who want to learn Polish. It offers graded reading texts and short stories, practical dialogues, listening exercises, video stories, lessons about the history of Poland, a podcast, a blog, a translator and a word checker (together, the "Service"). Most lessons come with audio, translations, vocabulary lists and comprehension questions.',
        'Some parts of the Service are free for everyone. Other parts require a free account, and some lessons and features are available only to Premium members (see section 3).',
        'The Service is a learning aid. It is designed to help you practise and understand Polish; it is not an official language course, does not lead to a certificate, and cannot guarantee any particular learning result.',
        'We keep improving the Service. We may add, change or remove lessons and features over time, but we will not remove the core of what you paid for during a paid Premium period without offering you a fair solution.',
      ],
    },
    {
      id: 'section2',
      title: '2. Your Account',
      paragraphs: [
        'You must be at least 18 years old to create an account or buy Premium access. The Service is intended for adults and is not aimed at anyone under 18. By creating an account you confirm that you are 18 or older.',
        'To register, you choose a username, give a valid email address, select your native language and set a password. Please give accurate information and keep your email address up to date, because we use it to confirm your account, to reset your password and to send you receipts and important notices about the Service.',
        'Your account is personal. Keep your password secret, do not share your account with other people and tell us at contact@polskistories.com if you think someone else has used it. You are responsible for activity in your account unless it happened because of our fault.',
        'You can stop using the Service at any time and ask us to delete your account by writing to contact@polskistories.com. If you have an active subscription, please cancel it first (see section 3). Deleting your account ends any Premium access linked to it.',
        'We may suspend or close an account that seriously or repeatedly breaks these Terms, for example through the misuse described in section 5. Unless the situation is urgent or the law prevents it, we will first tell you why and give you a chance to respond. If we close your account without a good reason related to your conduct, we will refund the unused part of any Premium access you paid for.',
      ],
    },
    {
      id: 'section3',
      title: '3. Premium Access, Prices and Payment',
      paragraphs: [
        'Premium access unlocks all lessons and Premium features of the Service. Depending on what is offered on the Premium page at the time of purchase, you can choose one of the following:',
        'One year of access: a single, one-time payment that gives you Premium access for one year from the date of purchase. It is not a subscription and it does not renew automatically. When the year ends, your account simply returns to the free plan, and you can buy Premium access again if you wish.',
        'Lifetime access: a single, one-time payment that gives you Premium access for as long as the Polski Stories platform is operated. "Lifetime" refers to the life of the platform, not to the life of the purchaser. If we ever decide to close the platform, we will announce it in advance on the website and by email.',
        'Subscription (where we offer it): a Premium plan that renews automatically at the end of each billing period and is charged to your chosen payment method at the price shown when you subscribed, until you cancel. You can cancel at any time in Settings → Billing and Subscription. Cancellation stops all future payments; your Premium access continues until the end of the period you have already paid for. If we change the price of a subscription, we will tell you in advance, and the new price will apply only from your next renewal after the notice, so you have time to cancel if you do not agree.',
        'All prices are shown on the Premium page before you pay and include any applicable taxes, such as VAT. Where possible, we show prices in your local currency, based on the country we estimate from your IP address. The final price and currency are always shown on the checkout page before you confirm the payment.',
        'Payments are processed by Stripe through its secure hosted checkout page. You enter your card or other payment details directly with Stripe; we never see or store your full card number. Stripe\'s own terms and privacy policy apply to the payment itself. After a successful payment, Premium access is usually added to your account within a few seconds. If it does not appear, please sign out and in again or contact us.',
      ],
    },
    {
      id: 'section4',
      title: '4. Right of Withdrawal and Refunds',
      paragraphs: [
        'If you are a consumer, you may withdraw from your purchase of Premium access within 14 days of the date of purchase without giving any reason. This applies to one-year access, lifetime access and the first payment of a subscription.',
        'To withdraw, send us a clear statement of your decision, for example an email to contact@polskistories.com from the address linked to your account, stating your username and the date of purchase. It is enough that you send your message before the 14-day period ends.',
        'We will refund the full amount you paid, using the same payment method you used for the purchase, without undue delay and in any case within 14 days of receiving your withdrawal. You will not be charged any fee for the refund. The time it takes for the money to appear on your statement depends on your bank or card issuer.',
        'Premium access ends when the refund is issued. Your account itself stays open on the free plan, together with your learning progress, unless you also ask us to delete it.',
        'For subscriptions, the right of withdrawal applies to the first payment. Later renewals can be avoided at any time by cancelling in Settings → Billing and Subscription before the renewal date. If you were charged for a renewal you did not intend, contact us and we will look at your case fairly.',
        'This section does not limit any other rights you have under the consumer protection law of the country where you live, including your rights if the Service is faulty or not as described.',
      ],
    },
    {
      id: 'section5',
      title: '5. Acceptable Use',
      paragraphs: [
        'Please use Polski Stories for what it is made for: learning and teaching Polish. In particular, when using the Service you agree to the following rules.',
        'Do not copy, download in bulk, republish, sell or share our lessons, audio, translations or other Premium content with people who do not have access to it, or make your account available to others.',
        'Do not use robots, scrapers or other automated tools to access the Service or extract its content, or place an unreasonable load on our servers.',
        'Do not use the translator or the word checker as a general-purpose or commercial translation service, try to get around their limits, or submit unlawful or abusive content, or other people\'s personal information, to them.',
        'Do not try to break, probe or get around the security of the Service, its payment system or other users\' accounts, or interfere with how the Service works.',
        'Do not use the Service in a way that breaks the law or the rights of others.',
        'Teachers are welcome to recommend Polski Stories to their students and to link to our pages. If you would like to use our materials in a class or course in another way, please write to us first.',
      ],
    },
    {
      id: 'section6',
      title: '6. Intellectual Property',
      paragraphs: [
        'The stories, dialogues, translations, exercises, audio and video recordings, illustrations, podcast episodes, blog articles, design and software of Polski Stories are created by us or used under licence, and they are protected by copyright and other intellectual property laws.',
        'While you have access, we give you a personal, non-exclusive, non-transferable right to use the Service and its content for your own learning. You may take notes and keep small excerpts for your personal study. Everything else, including copying or distributing our content, requires our prior written permission.',
        'Some features rely on data and resources made available by others under open licences, such as dictionaries and morphological data. These are listed, with their authors and licences, on our Credits page. Those licences continue to apply to that material.',
        'If you send us feedback, ideas or corrections, we may use them to improve the Service without any obligation to you. Thank you: many improvements start this way.',
      ],
    },
    {
      id: 'section7',
      title: '7. Availability and Liability',
      paragraphs: [
        'We work hard to keep Polski Stories available, accurate and secure, but we cannot promise that the Service will always be uninterrupted or free of errors. We may need to pause it for maintenance, updates or reasons beyond our control.',
        'The translator and the word checker give automatic results, partly produced by external translation services. They are useful for learning but can be inaccurate, so please do not rely on them for legal, medical, official or other important texts.',
        'We are responsible for loss or damage that you suffer as a foreseeable result of our breach of these Terms or our failure to use reasonable care and skill. We are not responsible for loss or damage that was not foreseeable, that was caused by events outside our reasonable control, or that results from your own breach of these Terms.',
        'To the extent permitted by law, our total liability to you in connection with the Service is limited to the amount you paid us for Premium access in the 12 months before the event that caused the loss. Nothing in these Terms limits or excludes liability that cannot be limited or excluded by law, such as liability for death or personal injury caused by negligence, for fraud, or your statutory rights as a consumer.',
      ],
    },
    {
      id: 'section8',
      title: '8. Changes to These Terms',
      paragraphs: [
        'We may update these Terms from time to time, for example when we add new features, change how Premium access is offered or when the law changes. The date at the top of this page shows when they were last updated.',
        'If we make important changes that affect your rights, we will tell you by email or by a notice on the website before they take effect. Changes never apply to purchases you have already made in a way that reduces what you paid for. If you do not agree with the new Terms, you can stop using the Service and, if you have a subscription, cancel it before the changes apply.',
        'If any part of these Terms is found to be invalid, the rest remains in force. Nothing in these Terms deprives you of the protection of the mandatory consumer laws of the country where you live.',
      ],
    },
    {
      id: 'section9',
      title: '9. Contact',
      paragraphs: [
        'If you have any questions about these Terms, your account, a payment, a withdrawal or a refund, please write to us at contact@polskistories.com. Please write from the email address linked to your account so that we can find it quickly.',
        'We aim to reply within a few working days. If you have a complaint, tell us what happened and what you would like us to do, and we will try to put things right. Consumers in the European Union can also use their national consumer advice services.',
      ],
    },
  ],
};
