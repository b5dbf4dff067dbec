// ReDoc on this server's document. Its <style> elements carry the nonce that this page's
// Content-Security-Policy admits (a new one with every response of /redoc).
const nonce = document.querySelector('meta[name="style-nonce"]').content;
Redoc.init("/openapi.json", { nonce }, document.getElementById("redoc"));
