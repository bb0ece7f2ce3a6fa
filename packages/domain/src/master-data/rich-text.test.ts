import { describe, expect, it } from 'vitest';
import { isRichTextEmpty, richTextToPlainText, sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it('keeps the allowed formatting as it is', () => {
    const html =
      '<h2>Zasady</h2><p>Tekst <strong>pogrubiony</strong>, <em>kursywa</em> i <u>podkreślenie</u>.<br />Nowa linia</p>' +
      '<ul><li>jeden</li><li>dwa</li></ul><ol><li>pierwszy</li></ol><h3>Uwaga</h3><blockquote><p>Cytat</p></blockquote>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops script and style elements together with their content', () => {
    expect(sanitizeRichText('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
    expect(sanitizeRichText('<p>a<SCRIPT type="text/javascript">alert("</p>")</SCRIPT >b</p>')).toBe(
      '<p>ab</p>',
    );
    expect(sanitizeRichText('<style>p{color:red}</style><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<p>x</p><script>never closed')).toBe('<p>x</p>');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<iframe src="https://evil.example"></iframe><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<template><img src=x onerror=alert(1)></template>ok')).toBe('ok');
  });

  it('removes every attribute but a safe link address, so no event handler survives', () => {
    expect(sanitizeRichText('<p onclick="alert(1)" style="color:red" class="x">a</p>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<strong onmouseover=alert(1)>a</strong>')).toBe('<strong>a</strong>');
    expect(sanitizeRichText('<img src=x onerror=alert(1)>')).toBe('');
    expect(sanitizeRichText('<a href="https://delego.pl" onclick="alert(1)" title="t">link</a>')).toBe(
      '<a href="https://delego.pl" rel="noopener noreferrer" target="_blank">link</a>',
    );
    expect(sanitizeRichText('<p/onclick=alert(1)>a</p>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<body onload=alert(1)><p>a</p>')).toBe('<p>a</p>');
  });

  it('keeps http, https and mailto links and drops every other scheme, keeping the text', () => {
    expect(sanitizeRichText('<a href="mailto:biuro@delego.pl">napisz</a>')).toBe(
      '<a href="mailto:biuro@delego.pl">napisz</a>',
    );
    expect(sanitizeRichText('<a href="http://example.com/?a=1&amp;b=2">x</a>')).toBe(
      '<a href="http://example.com/?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">x</a>',
    );
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      'javascript&colon;alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      '/relative/path',
      '//evil.example',
      'https\u0000://x',
    ]) {
      expect(sanitizeRichText(`<a href="${href}">tekst</a>`), href).toBe('tekst');
    }
    expect(sanitizeRichText('<a>bez adresu</a>')).toBe('bez adresu');
  });

  it('escapes text and attribute values so nothing can break out of them', () => {
    expect(sanitizeRichText('<p>1 < 2 && 3 > 2</p>')).toBe('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>');
    expect(sanitizeRichText('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(sanitizeRichText('<a href="https://x.example/&quot;onmouseover=&quot;alert(1)">x</a>')).toBe(
      '<a href="https://x.example/&quot;onmouseover=&quot;alert(1)" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeRichText("<a href=https://x.example/'onmouseover=alert(1)>x</a>")).toBe(
      '<a href="https://x.example/\'onmouseover=alert(1)" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });

  it('lets no script through the known XSS tricks: event handlers, javascript: URLs, SVG and MathML, styles, mis-nested and broken markup', () => {
    const attacks = [
      '<img src=x onerror=alert(1)>',
      '<svg onload=alert(1)>',
      '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>',
      '<svg><style><img src=x onerror=alert(1)></style></svg>',
      '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
      '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<p style="background:url(javascript:alert(1))">s</p>',
      '<div style="width: expression(alert(1))">s</div>',
      '<style>@import "https://evil.example/x.css";</style>',
      '<link rel=stylesheet href="https://evil.example/x.css">',
      '<details open ontoggle=alert(1)>',
      '<form><button formaction="javascript:alert(1)">x</button></form>',
      '<input autofocus onfocus=alert(1)>',
      '<p>a</p><!--><img src=x onerror=alert(1)>-->',
      '<scr<script>ipt>alert(1)</script>',
      '<a href="jav&#x0A;ascript:alert(1)">x</a>',
      '<a href="\u0001javascript:alert(1)">x</a>',
      '<a href="data:image/svg+xml,<svg onload=alert(1)>">x</a>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
      '<base href="javascript:alert(1)//">',
      '<select><option><img src=x onerror=alert(1)></option></select>',
      '<table><td background="javascript:alert(1)">x</td></table>',
      '<p onmouseover\n=alert(1)>a</p>',
    ];
    for (const attack of attacks) {
      const clean = sanitizeRichText(attack);
      expect(clean, attack).not.toMatch(/<(?!\/?(?:p|br|strong|em|u|ul|ol|li|h2|h3|a|blockquote)[\s/>])/i);
      expect(clean, attack).not.toMatch(/\son\w+\s*=|javascript:|data:|style=|srcdoc|xlink|formaction/i);
      expect(sanitizeRichText(clean), attack).toBe(clean);
    }
    expect(sanitizeRichText('<svg><a href="https://x.example">t</a><p>in svg</p></svg>after')).toBe('after');
    expect(sanitizeRichText('<p style="color:red" class="x" id="y" dir="rtl">s</p>')).toBe('<p>s</p>');
    expect(sanitizeRichText('<a href="https://x.example" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });

  it('drops comments, doctypes and processing instructions', () => {
    expect(sanitizeRichText('<!DOCTYPE html><!-- <script>alert(1)</script> --><p>a</p><?xml x?>')).toBe(
      '<p>a</p>',
    );
    expect(sanitizeRichText('<p>a<!-- never closed <script>')).toBe('<p>a</p>');
  });

  it('maps what browser editors produce onto the allowed elements', () => {
    expect(sanitizeRichText('<div>linia<br></div><div><b>b</b> <i>i</i></div>')).toBe(
      '<p>linia<br /></p><p><strong>b</strong> <em>i</em></p>',
    );
    expect(sanitizeRichText('<h1>Tytuł</h1><h4>Pod</h4>')).toBe('<h2>Tytuł</h2><h3>Pod</h3>');
    expect(sanitizeRichText('<p><span style="color:red">czerwony</span> <font size=7>duży</font></p>')).toBe(
      '<p>czerwony duży</p>',
    );
  });

  it('balances the markup: closes open elements, ignores stray end tags, ends a paragraph before a block', () => {
    expect(sanitizeRichText('<p><strong>a')).toBe('<p><strong>a</strong></p>');
    expect(sanitizeRichText('</em>a</p></li>')).toBe('a');
    expect(sanitizeRichText('<p>a<ul><li>b<li>c</ul></p>')).toBe('<p>a</p><ul><li>b</li><li>c</li></ul>');
    expect(sanitizeRichText('<p>a<p>b')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeRichText('<ul><li>a<ul><li>b</li></ul></li></ul>')).toBe(
      '<ul><li>a<ul><li>b</li></ul></li></ul>',
    );
    // What Chrome's list command leaves around a list inside a paragraph.
    expect(sanitizeRichText('<p>x</p><p><ul><li>a</li></ul></p>')).toBe('<p>x</p><ul><li>a</li></ul>');
    expect(sanitizeRichText('<p></p><strong></strong><ul><li></li></ul><p><br></p>')).toBe('<p><br /></p>');
    // A link never holds another link: the inner one keeps its text only.
    expect(sanitizeRichText('<a href="https://a.example">a<a href="https://b.example">b</a>')).toBe(
      '<a href="https://a.example" rel="noopener noreferrer" target="_blank">ab</a>',
    );
  });

  it('decodes entities in text and writes them back escaped', () => {
    expect(sanitizeRichText('<p>Zażółć&nbsp;gęślą &amp; jaźń &#8211; &#x2014; &unknown;</p>')).toBe(
      '<p>Zażółć\u00a0gęślą &amp; jaźń – — &amp;unknown;</p>',
    );
  });

  it('is stable: sanitising its own output changes nothing', () => {
    const samples = [
      '<p>a<script>x</script><a href="https://x.example?a=1&b=2" onclick=1>l</a> &unknown; &lt;b&gt;</p>',
      '<div><b>x</b><ul><li>1<li>2</ul></div><p>1 < 2</p>',
      '<a href="mailto:a@b.pl">m</a><blockquote>q',
    ];
    for (const sample of samples) {
      const once = sanitizeRichText(sample);
      expect(sanitizeRichText(once)).toBe(once);
    }
  });
});

describe('rich text emptiness', () => {
  it('treats the empty editor and whitespace as empty', () => {
    expect(isRichTextEmpty('')).toBe(true);
    expect(isRichTextEmpty('<p><br></p>')).toBe(true);
    expect(isRichTextEmpty('<p>&nbsp; </p><script>x</script>')).toBe(true);
    expect(isRichTextEmpty('<p>a</p>')).toBe(false);
  });

  it('gives the plain text with line breaks', () => {
    expect(richTextToPlainText('<h2>T</h2><p>a<br>b &amp; c</p>')).toBe('T\na\nb & c');
  });
});
