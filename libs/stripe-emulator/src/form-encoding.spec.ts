import { FormEncodingError, encodeStripeForm, parseStripeForm } from './form-encoding';

describe('Stripe form encoding', () => {
  it('reads nested objects and indexed arrays as the SDK sends them', () => {
    const body =
      'mode=payment&line_items[0][price]=price_a&line_items[0][quantity]=1&line_items[1][price]=price_b' +
      '&line_items[1][quantity]=2&metadata[userId]=u%201&expand[0]=payment_intent&expand[1]=customer';
    expect(parseStripeForm(body)).toEqual({
      mode: 'payment',
      line_items: [
        { price: 'price_a', quantity: '1' },
        { price: 'price_b', quantity: '2' },
      ],
      metadata: { userId: 'u 1' },
      expand: ['payment_intent', 'customer'],
    });
  });

  it('reads empty-bracket arrays (expand[]=...) and percent-encoded brackets', () => {
    expect(parseStripeForm('expand[]=data.product&expand%5B%5D=data.customer')).toEqual({
      expand: ['data.product', 'data.customer'],
    });
    expect(parseStripeForm('metadata%5Bplan%5D=yearly')).toEqual({ metadata: { plan: 'yearly' } });
  });

  it('orders array entries by index, not arrival', () => {
    expect(parseStripeForm('a[1]=second&a[0]=first')).toEqual({ a: ['first', 'second'] });
  });

  it('keeps numeric metadata keys as keys, never as an array', () => {
    expect(parseStripeForm('metadata[0]=zero&metadata[1]=one')).toEqual({
      metadata: { '0': 'zero', '1': 'one' },
    });
  });

  it('decodes + as a space and keeps empty values (they unset fields)', () => {
    expect(parseStripeForm('name=Ola+Nowak&email=&metadata[a]=')).toEqual({
      name: 'Ola Nowak',
      email: '',
      metadata: { a: '' },
    });
  });

  it('keeps the success_url placeholder intact', () => {
    const body = encodeStripeForm({
      success_url: 'https://x.test/success?session_id={CHECKOUT_SESSION_ID}&from=stripe',
    });
    expect(parseStripeForm(body)).toEqual({
      success_url: 'https://x.test/success?session_id={CHECKOUT_SESSION_ID}&from=stripe',
    });
  });

  it('round-trips what encodeStripeForm writes', () => {
    const data = { a: 'x', b: { c: ['1', '2'], d: { e: 'f' } }, metadata: { k: 'v' } };
    expect(parseStripeForm(encodeStripeForm(data))).toEqual(data);
  });

  it('refuses malformed names and encodings', () => {
    expect(() => parseStripeForm('a[b=1')).toThrow(FormEncodingError);
    expect(() => parseStripeForm('a=%E0%A4%A')).toThrow(FormEncodingError);
  });
});
