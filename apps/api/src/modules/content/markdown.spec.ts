import { renderMarkdown, safeHref } from './markdown';

describe('renderMarkdown', () => {
  it('renders headings, paragraphs and both kinds of list', () => {
    const md = [
      '## In this episode',
      '',
      'First line',
      'continues here.',
      '',
      '- one',
      '- **two**',
      '  still two',
      '',
      '3. three',
      '4. four',
    ].join('\n');
    expect(renderMarkdown(md)).toBe(
      [
        '<h2>In this episode</h2>',
        '<p>First line continues here.</p>',
        '<ul><li>one</li><li><strong>two</strong> still two</li></ul>',
        '<ol start="3"><li>three</li><li>four</li></ol>',
      ].join('\n'),
    );
  });

  it('renders bold, italics, nested emphasis and inline code', () => {
    expect(renderMarkdown('**Pies** i *kot*, __duży__ _mały_, `kod *x*`')).toBe(
      '<p><strong>Pies</strong> i <em>kot</em>, <strong>duży</strong> <em>mały</em>, <code>kod *x*</code></p>',
    );
    expect(renderMarkdown('**bold with *italics* inside** and *italics with **bold** inside*')).toBe(
      '<p><strong>bold with <em>italics</em> inside</strong> and <em>italics with <strong>bold</strong> inside</em></p>',
    );
  });

  it('leaves lone markers, snake_case and arithmetic alone', () => {
    expect(renderMarkdown('2 * 3 * 4 and snake_case_name and 5*')).toBe('<p>2 * 3 * 4 and snake_case_name and 5*</p>');
  });

  it('links to http(s) and site paths only', () => {
    expect(renderMarkdown('[Learn](/learn-polish) and [Wiki](https://pl.wikipedia.org/wiki/Kraków)')).toBe(
      '<p><a href="/learn-polish">Learn</a> and <a href="https://pl.wikipedia.org/wiki/Kraków" rel="noopener noreferrer">Wiki</a></p>',
    );
    for (const url of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', '//evil.example/x', 'data:text/html,x', 'mailto:a@b.c', '/\\evil']) {
      expect(renderMarkdown(`[click](${url})`)).toBe('<p>click</p>');
    }
  });

  it('makes site links absolute for feeds', () => {
    expect(renderMarkdown('[Learn](/learn-polish) [W](https://w.example/)', { absoluteBase: 'https://polski.example/' })).toBe(
      '<p><a href="https://polski.example/learn-polish">Learn</a> <a href="https://w.example/" rel="noopener noreferrer">W</a></p>',
    );
  });

  it('escapes raw HTML and attribute breakouts', () => {
    expect(renderMarkdown('<script>alert("x")</script> & <b>bold</b>')).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;</p>',
    );
    expect(renderMarkdown('[x](/a"onmouseover="alert(1))')).not.toContain('" onmouseover');
    expect(renderMarkdown('[x](/a"onmouseover="alert(1))')).toContain('href="/a&quot;onmouseover=&quot;alert');
    expect(renderMarkdown('# <img src=x onerror=alert(1)>')).toBe('<h1>&lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(renderMarkdown('`<i>`')).toBe('<p><code>&lt;i&gt;</code></p>');
  });

  it('honours backslash escapes', () => {
    expect(renderMarkdown('\\*not italics\\*')).toBe('<p>*not italics*</p>');
  });

  it('accepts only http(s) and site-relative hrefs', () => {
    expect(safeHref('/blog/x')).toBe('/blog/x');
    expect(safeHref('http://example.com')).toBe('http://example.com');
    expect(safeHref('https:/x')).toBeNull();
    expect(safeHref('ftp://x')).toBeNull();
  });
});
