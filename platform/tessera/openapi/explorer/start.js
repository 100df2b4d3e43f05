// Starts Swagger UI on the description the page names: a file of its own, as the page's content
// security policy runs no inline script.
const root = document.getElementById('swagger-ui');
window.ui = SwaggerUIBundle({ url: root.dataset.specUrl, dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null });
