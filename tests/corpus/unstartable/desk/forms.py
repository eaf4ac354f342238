# expect: unparsed
class ContactForm:
    pass
