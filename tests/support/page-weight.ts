import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Bytes of a built file as a server sends it: raw, and gzip at level 9 (each file alone). */
export const fileWeight = (file: string) => {
  const bytes = fs.readFileSync(file);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};

/** What a built HTML page loads at once: its module scripts, module preloads and style sheets. */
export const htmlAssets = (html: string) => {
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  const local = (href: string | undefined) => (href && !/^[a-z]+:/i.test(href) ? href.replace(/^\//, '') : undefined);
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    if (/type\s*=\s*["']module["']/i.test(tag)) {
      const src = local(attr(tag, 'src'));
      if (src) js.add(src);
    }
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, 'rel')?.toLowerCase();
    const href = local(attr(tag, 'href'));
    if (!href) continue;
    if (rel === 'modulepreload') js.add(href);
    if (rel === 'stylesheet') css.add(href);
  }
  return { js, css };
};

export interface PageWeight {
  js: { files: string[]; raw: number; gzip: number };
  css: { files: string[]; raw: number; gzip: number };
}

/** The JavaScript and CSS a built page (e.g. `pay.html`) loads before it can draw. */
export const pageWeight = (outDir: string, htmlFile: string): PageWeight => {
  const { js, css } = htmlAssets(fs.readFileSync(path.join(outDir, htmlFile), 'utf8'));
  const total = (files: Set<string>) => {
    let raw = 0;
    let gzip = 0;
    for (const f of files) {
      const w = fileWeight(path.join(outDir, f));
      raw += w.raw;
      gzip += w.gzip;
    }
    return { files: [...files], raw, gzip };
  };
  return { js: total(js), css: total(css) };
};
