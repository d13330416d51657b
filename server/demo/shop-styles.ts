/** The fictional retailer's own stylesheet: deliberately plain, so Aisle's own look stands out. */
export function shopStyles(accent: string): string {
  return `
*{box-sizing:border-box}
body{margin:0;font-family:Georgia,'Times New Roman',serif;color:#222;background:#fff}
a{color:inherit}
.shop-promo{background:${accent};color:#fff;text-align:center;font:13px/1.4 system-ui,sans-serif;padding:6px 12px}
.shop-header{display:flex;flex-wrap:wrap;align-items:center;gap:8px 32px;padding:16px clamp(16px,4vw,48px);border-bottom:1px solid #e5e5e5}
.shop-logo{font-size:24px;font-weight:700;text-decoration:none;color:${accent};letter-spacing:.02em}
.shop-header ul{display:flex;flex-wrap:wrap;gap:4px 20px;list-style:none;margin:0;padding:0;font:15px system-ui,sans-serif}
.shop-header a{text-decoration:none}
.shop-header a:hover{text-decoration:underline}
main{min-height:60vh;padding:0 clamp(16px,4vw,48px)}
.shop-hero{padding:48px 0}
.shop-hero h1{font-size:32px;margin:0 0 8px}
.shop-hero p{font:16px/1.5 system-ui,sans-serif;color:#555;max-width:60ch}
.shop-list{font:15px/1.8 system-ui,sans-serif;columns:2;max-width:640px;padding-left:18px}
.shop-footer{margin-top:48px;background:#f5f3ef;padding:32px clamp(16px,4vw,48px);font:14px/1.6 system-ui,sans-serif;color:#444}
.shop-footer-cols{display:flex;gap:64px;flex-wrap:wrap}
.shop-consent{padding:16px clamp(16px,4vw,48px);font:15px/1.5 system-ui,sans-serif;background:#1f2a1a;color:#fff}
.shop-consent button{margin-right:12px;padding:8px 16px;font:inherit;border-radius:4px;border:2px solid #fff;background:#fff;color:#1f2a1a;cursor:pointer}
.shop-cart{position:sticky;bottom:0;display:flex;gap:12px;align-items:center;justify-content:flex-end;padding:8px clamp(16px,4vw,48px);font:15px/1.5 system-ui,sans-serif;background:#f5f3ef;border-top:1px solid #ddd}
.shop-cart p{margin:0}
.shop-cart button,.shop-add{padding:6px 12px;font:14px system-ui,sans-serif;border-radius:4px;border:1px solid #222;background:#fff;color:#222;cursor:pointer}
.shop-footer h2{font-size:14px;margin:0 0 8px;text-transform:uppercase;letter-spacing:.08em}
.shop-footer ul{list-style:none;margin:0;padding:0}
`;
}
